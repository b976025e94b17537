import type { Language, Plural } from "~/messages/languages";

/**
 * The guest's mails and calendar texts per language (docs/decisions/088). The English is the mails'
 * own wording, verbatim; every language has every key (guest-words.test.ts).
 */
export const MAIL_EN = {
  subjectCreated: "Invitation",
  subjectUpdated: "Updated invitation",
  subjectCancelled: "Cancelled",
  invites: '{host} invites you to "{event}".',
  changed: '{host} changed "{event}". Here are the new details.',
  cancelled: '{host} cancelled "{event}", planned for {when}.',
  when: "When: {when}, {minutes}",
  minutes: { one: "{count} minutes", other: "{count} minutes" } as Plural,
  where: "Where: {place}",
  join: "Join: {url}",
  yourAnswers: "Your answers:",
  attached: "The attached invitation adds it to your calendar.",
  changeLink: "Need to change it? Reschedule: {url}",
  cancelLink: "Cancel: {url}",
  noteFrom: "Note from {host}: {note}",
  reminder: "Reminder",
  // The places' names (app/schemas/meeting.ts) in the guest's language; the apps' names stay theirs.
  "In Person Meeting": "In Person Meeting",
  "Phone Call": "Phone Call",
  "The host calls you.": "The host calls you.",
  "Video room": "Video room",
  "Video call": "Video call",
};

export type MailWords = { [K in keyof typeof MAIL_EN]: (typeof MAIL_EN)[K] extends string ? string : Plural };

const MAIL_ES: MailWords = {
  subjectCreated: "Invitación",
  subjectUpdated: "Invitación actualizada",
  subjectCancelled: "Cancelada",
  invites: "{host} te invita a «{event}».",
  changed: "{host} ha cambiado «{event}». Estos son los nuevos datos.",
  cancelled: "{host} ha cancelado «{event}», prevista para el {when}.",
  when: "Cuándo: {when}, {minutes}",
  minutes: { one: "{count} minuto", many: "{count} de minutos", other: "{count} minutos" },
  where: "Dónde: {place}",
  join: "Unirse: {url}",
  yourAnswers: "Tus respuestas:",
  attached: "La invitación adjunta la añade a tu calendario.",
  changeLink: "¿Necesitas cambiarla? Cambiar la hora: {url}",
  cancelLink: "Cancelar: {url}",
  noteFrom: "Nota de {host}: {note}",
  reminder: "Recordatorio",
  "In Person Meeting": "Reunión presencial",
  "Phone Call": "Llamada telefónica",
  "The host calls you.": "El anfitrión te llamará.",
  "Video room": "Sala de vídeo",
  "Video call": "Videollamada",
};

const MAIL_DE: MailWords = {
  subjectCreated: "Einladung",
  subjectUpdated: "Geänderte Einladung",
  subjectCancelled: "Abgesagt",
  invites: "{host} lädt Sie zu „{event}“ ein.",
  changed: "{host} hat „{event}“ geändert. Hier sind die neuen Details.",
  cancelled: "{host} hat „{event}“ abgesagt, geplant für {when}.",
  when: "Wann: {when}, {minutes}",
  minutes: { one: "{count} Minute", other: "{count} Minuten" },
  where: "Wo: {place}",
  join: "Teilnehmen: {url}",
  yourAnswers: "Ihre Antworten:",
  attached: "Mit der angehängten Einladung tragen Sie den Termin in Ihren Kalender ein.",
  changeLink: "Etwas ändern? Verschieben: {url}",
  cancelLink: "Stornieren: {url}",
  noteFrom: "Nachricht von {host}: {note}",
  reminder: "Erinnerung",
  "In Person Meeting": "Persönliches Treffen",
  "Phone Call": "Telefonat",
  "The host calls you.": "Der Gastgeber ruft Sie an.",
  "Video room": "Videoraum",
  "Video call": "Videoanruf",
};

const MAIL_FR: MailWords = {
  subjectCreated: "Invitation",
  subjectUpdated: "Invitation modifiée",
  subjectCancelled: "Annulé",
  invites: "{host} vous invite à « {event} ».",
  changed: "{host} a modifié « {event} ». Voici les nouveaux détails.",
  cancelled: "{host} a annulé « {event} », prévu le {when}.",
  when: "Quand : {when}, {minutes}",
  minutes: { one: "{count} minute", many: "{count} de minutes", other: "{count} minutes" },
  where: "Où : {place}",
  join: "Rejoindre : {url}",
  yourAnswers: "Vos réponses :",
  attached: "L’invitation jointe l’ajoute à votre agenda.",
  changeLink: "Un changement ? Modifier l’horaire : {url}",
  cancelLink: "Annuler : {url}",
  noteFrom: "Message de {host} : {note}",
  reminder: "Rappel",
  "In Person Meeting": "Rendez-vous en personne",
  "Phone Call": "Appel téléphonique",
  "The host calls you.": "L’hôte vous appelle.",
  "Video room": "Salle vidéo",
  "Video call": "Appel vidéo",
};

const MAIL_PT_BR: MailWords = {
  subjectCreated: "Convite",
  subjectUpdated: "Convite atualizado",
  subjectCancelled: "Cancelado",
  invites: "{host} convida você para “{event}”.",
  changed: "{host} alterou “{event}”. Veja os novos detalhes.",
  cancelled: "{host} cancelou “{event}”, marcado para {when}.",
  when: "Quando: {when}, {minutes}",
  minutes: { one: "{count} minuto", many: "{count} de minutos", other: "{count} minutos" },
  where: "Onde: {place}",
  join: "Entrar: {url}",
  yourAnswers: "Suas respostas:",
  attached: "O convite anexo adiciona o evento à sua agenda.",
  changeLink: "Precisa mudar? Reagendar: {url}",
  cancelLink: "Cancelar: {url}",
  noteFrom: "Recado de {host}: {note}",
  reminder: "Lembrete",
  "In Person Meeting": "Reunião presencial",
  "Phone Call": "Ligação telefônica",
  "The host calls you.": "O anfitrião vai ligar para você.",
  "Video room": "Sala de vídeo",
  "Video call": "Videochamada",
};

/** The guest's mails' words per language. */
export const MAIL_WORDS: Record<Language, MailWords> = {
  en: MAIL_EN,
  es: MAIL_ES,
  de: MAIL_DE,
  fr: MAIL_FR,
  "pt-BR": MAIL_PT_BR,
};

/** A place's name (app/schemas/meeting.ts) in the language; an app's own name ("Zoom") as it is. */
export function placeNameIn(words: MailWords, name: string): string {
  return (PLACE_NAMES as readonly string[]).includes(name) ? words[name as (typeof PLACE_NAMES)[number]] : name;
}

const PLACE_NAMES = ["In Person Meeting", "Phone Call", "The host calls you.", "Video room", "Video call"] as const;
