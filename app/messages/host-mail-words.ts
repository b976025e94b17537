import type { Language } from "~/messages/languages";

/**
 * The host's own booking mails per language: the language a host picks on their profile for the
 * mails about their bookings (docs/decisions/110). The English is the mails' own wording,
 * verbatim; every language has every key (app/messages/guest-words/guest-words.test.ts). The
 * lines the mails share with the guest's ("Where:", "Join:", the places' names, the minutes) come
 * from the guest's mail words.
 */
export const HOST_MAIL_EN = {
  booked: '{guest} booked "{event}" on {when}.',
  moved: '{guest}\'s booking moved: "{event}" on {when}.',
  cancelled: '{guest}\'s booking was cancelled: "{event}" on {when}.',
  sessionBooked: 'Your group session "{event}" on {when}.',
  sessionMoved: 'Your group session "{event}" moved to {when}. Every seat\'s guests were told.',
  sessionCancelled: 'Your group session "{event}" on {when} was cancelled. Every seat\'s guests were told.',
  guests: "Guests: {guests}",
  seatsTaken: "Seats taken: {count}",
  timeThere: "({time} there)",
  guestZone: "Guest's time zone: {zone}",
  notes: "Notes: {notes}",
  answers: "Answers:",
  reason: "Reason: {reason}",
  subjectBooking: "Booking",
  subjectCancelled: "Cancelled",
  subject: "{what}: {event} with {guest} — {when}",
  aGuest: "A guest",
  // A booking that waits for the host's approval (app/mail/approval-mail.ts).
  asks: '{guest} asks to book "{event}".',
  approve: "Approve: {url}",
  decline: "Decline: {url}",
  held: "The time is held until {when}. Unanswered by then, the request is declined and {guest} is told.",
  requestSubject: "Booking request: {event} with {guest} — {when}",
};

export type HostMailWords = Record<keyof typeof HOST_MAIL_EN, string>;

const HOST_MAIL_ES: HostMailWords = {
  booked: "{guest} ha reservado «{event}» el {when}.",
  moved: "Se ha cambiado la reserva de {guest}: «{event}» el {when}.",
  cancelled: "Se ha cancelado la reserva de {guest}: «{event}» el {when}.",
  sessionBooked: "Tu sesión de grupo «{event}» el {when}.",
  sessionMoved: "Tu sesión de grupo «{event}» pasa al {when}. Se ha avisado a los invitados de cada plaza.",
  sessionCancelled:
    "Se ha cancelado tu sesión de grupo «{event}» del {when}. Se ha avisado a los invitados de cada plaza.",
  guests: "Invitados: {guests}",
  seatsTaken: "Plazas ocupadas: {count}",
  timeThere: "(allí las {time})",
  guestZone: "Zona horaria del invitado: {zone}",
  notes: "Notas: {notes}",
  answers: "Respuestas:",
  reason: "Motivo: {reason}",
  subjectBooking: "Reserva",
  subjectCancelled: "Cancelada",
  subject: "{what}: {event} con {guest} — {when}",
  aGuest: "Un invitado",
  asks: "{guest} quiere reservar «{event}».",
  approve: "Aprobar: {url}",
  decline: "Rechazar: {url}",
  held: "La hora queda reservada hasta el {when}. Si no respondes antes, la solicitud se rechaza y se avisa a {guest}.",
  requestSubject: "Solicitud de reserva: {event} con {guest} — {when}",
};

const HOST_MAIL_DE: HostMailWords = {
  booked: "{guest} hat „{event}“ am {when} gebucht.",
  moved: "Die Buchung von {guest} wurde verschoben: „{event}“ am {when}.",
  cancelled: "Die Buchung von {guest} wurde storniert: „{event}“ am {when}.",
  sessionBooked: "Deine Gruppensitzung „{event}“ am {when}.",
  sessionMoved:
    "Deine Gruppensitzung „{event}“ wurde auf {when} verschoben. Alle Gäste jedes Platzes wurden informiert.",
  sessionCancelled:
    "Deine Gruppensitzung „{event}“ am {when} wurde abgesagt. Alle Gäste jedes Platzes wurden informiert.",
  guests: "Gäste: {guests}",
  seatsTaken: "Belegte Plätze: {count}",
  timeThere: "(dort {time})",
  guestZone: "Zeitzone des Gastes: {zone}",
  notes: "Notizen: {notes}",
  answers: "Antworten:",
  reason: "Grund: {reason}",
  subjectBooking: "Buchung",
  subjectCancelled: "Storniert",
  subject: "{what}: {event} mit {guest} — {when}",
  aGuest: "Ein Gast",
  asks: "{guest} möchte „{event}“ buchen.",
  approve: "Annehmen: {url}",
  decline: "Ablehnen: {url}",
  held: "Der Termin ist bis {when} reserviert. Ohne Antwort bis dahin wird die Anfrage abgelehnt und {guest} informiert.",
  requestSubject: "Buchungsanfrage: {event} mit {guest} — {when}",
};

const HOST_MAIL_FR: HostMailWords = {
  booked: "{guest} a réservé « {event} » le {when}.",
  moved: "La réservation de {guest} a été déplacée : « {event} » le {when}.",
  cancelled: "La réservation de {guest} a été annulée : « {event} » le {when}.",
  sessionBooked: "Votre session de groupe « {event} » le {when}.",
  sessionMoved:
    "Votre session de groupe « {event} » est déplacée au {when}. Les invités de chaque place ont été prévenus.",
  sessionCancelled:
    "Votre session de groupe « {event} » du {when} a été annulée. Les invités de chaque place ont été prévenus.",
  guests: "Invités : {guests}",
  seatsTaken: "Places prises : {count}",
  timeThere: "({time} là-bas)",
  guestZone: "Fuseau horaire de l’invité : {zone}",
  notes: "Notes : {notes}",
  answers: "Réponses :",
  reason: "Motif : {reason}",
  subjectBooking: "Réservation",
  subjectCancelled: "Annulée",
  subject: "{what} : {event} avec {guest} — {when}",
  aGuest: "Un invité",
  asks: "{guest} demande à réserver « {event} ».",
  approve: "Accepter : {url}",
  decline: "Refuser : {url}",
  held: "Le créneau est réservé jusqu’au {when}. Sans réponse d’ici là, la demande est refusée et {guest} est prévenu.",
  requestSubject: "Demande de réservation : {event} avec {guest} — {when}",
};

const HOST_MAIL_PT_BR: HostMailWords = {
  booked: "{guest} agendou “{event}” em {when}.",
  moved: "O agendamento de {guest} foi alterado: “{event}” em {when}.",
  cancelled: "O agendamento de {guest} foi cancelado: “{event}” em {when}.",
  sessionBooked: "Sua sessão em grupo “{event}” em {when}.",
  sessionMoved: "Sua sessão em grupo “{event}” passou para {when}. Os convidados de cada vaga foram avisados.",
  sessionCancelled: "Sua sessão em grupo “{event}” em {when} foi cancelada. Os convidados de cada vaga foram avisados.",
  guests: "Convidados: {guests}",
  seatsTaken: "Vagas ocupadas: {count}",
  timeThere: "({time} lá)",
  guestZone: "Fuso horário do convidado: {zone}",
  notes: "Observações: {notes}",
  answers: "Respostas:",
  reason: "Motivo: {reason}",
  subjectBooking: "Agendamento",
  subjectCancelled: "Cancelado",
  subject: "{what}: {event} com {guest} — {when}",
  aGuest: "Um convidado",
  asks: "{guest} quer agendar “{event}”.",
  approve: "Aprovar: {url}",
  decline: "Recusar: {url}",
  held: "O horário fica reservado até {when}. Sem resposta até lá, a solicitação é recusada e {guest} é avisado.",
  requestSubject: "Solicitação de agendamento: {event} com {guest} — {when}",
};

export const HOST_MAIL_WORDS: Record<Language, HostMailWords> = {
  en: HOST_MAIL_EN,
  es: HOST_MAIL_ES,
  de: HOST_MAIL_DE,
  fr: HOST_MAIL_FR,
  "pt-BR": HOST_MAIL_PT_BR,
};
