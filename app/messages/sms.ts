import type { Language } from "~/messages/languages";

/**
 * The booking page's words for texts (docs/decisions/090), sent by its loader in the guest's
 * language (docs/decisions/088): the page's bundle loads no messages. The English is the page's
 * own wording; every language has every key (tsc checks it).
 */
const SMS_BOOKING_EN = {
  phone: "Mobile number (optional)",
  phoneHint: "With its country code, such as +1 415 555 2671.",
  consent:
    "Text me about this booking (reminders and changes) at this number. Message and data rates may apply. Reply STOP to opt out at any time.",
  consentNeedsPhone: "Give the mobile number the texts go to, or leave the box unticked.",
  // A number that cannot be read, in another language than English (the English says why).
  phoneInvalid: "Check the mobile number: give it with its country code, such as +1 415 555 2671.",
  // The event type requires a phone (docs/decisions/109): the field's label and its error.
  phoneRequired: "Mobile number",
  phoneMissing: "Give your mobile number: this event needs one to book.",
};

export type SmsBookingWords = typeof SMS_BOOKING_EN;

export const SMS_BOOKING_WORDS: Record<Language, SmsBookingWords> = {
  en: SMS_BOOKING_EN,
  es: {
    phone: "Número de móvil (opcional)",
    phoneHint: "Con el prefijo del país, por ejemplo +34 612 34 56 78.",
    consent:
      "Quiero recibir SMS sobre esta reserva (recordatorios y cambios) en este número. Pueden aplicarse tarifas de mensajes y datos. Responde STOP para darte de baja cuando quieras.",
    consentNeedsPhone: "Indica el número de móvil al que enviar los SMS, o deja la casilla sin marcar.",
    phoneInvalid: "Revisa el número de móvil: escríbelo con el prefijo del país, por ejemplo +34 612 34 56 78.",
    phoneRequired: "Número de móvil",
    phoneMissing: "Indica tu número de móvil: esta reserva lo necesita.",
  },
  de: {
    phone: "Handynummer (optional)",
    phoneHint: "Mit Ländervorwahl, etwa +49 151 23456789.",
    consent:
      "Ich möchte zu dieser Buchung SMS (Erinnerungen und Änderungen) an diese Nummer erhalten. Für Nachrichten und Daten können Gebühren anfallen. Mit der Antwort STOP lassen sie sich jederzeit abbestellen.",
    consentNeedsPhone: "Bitte geben Sie die Handynummer für die SMS an oder lassen Sie das Kästchen leer.",
    phoneInvalid: "Bitte prüfen Sie die Handynummer und geben Sie sie mit Ländervorwahl an, etwa +49 151 23456789.",
    phoneRequired: "Handynummer",
    phoneMissing: "Bitte geben Sie Ihre Handynummer an: Für diese Buchung ist sie erforderlich.",
  },
  fr: {
    phone: "Numéro de mobile (facultatif)",
    phoneHint: "Avec l’indicatif du pays, par exemple +33 6 12 34 56 78.",
    consent:
      "Recevoir des SMS sur ce rendez-vous (rappels et changements) à ce numéro. Des frais de messages et de données peuvent s’appliquer. Répondez STOP pour ne plus en recevoir, à tout moment.",
    consentNeedsPhone: "Indiquez le numéro de mobile qui recevra les SMS, ou laissez la case décochée.",
    phoneInvalid: "Vérifiez le numéro de mobile : indiquez-le avec l’indicatif du pays, par exemple +33 6 12 34 56 78.",
    phoneRequired: "Numéro de mobile",
    phoneMissing: "Indiquez votre numéro de mobile : ce rendez-vous en a besoin.",
  },
  "pt-BR": {
    phone: "Número de celular (opcional)",
    phoneHint: "Com o código do país, por exemplo +55 11 91234-5678.",
    consent:
      "Quero receber SMS sobre este agendamento (lembretes e alterações) neste número. Podem ser cobradas tarifas de mensagens e dados. Responda STOP para cancelar quando quiser.",
    consentNeedsPhone: "Informe o número de celular que vai receber os SMS ou deixe a caixa desmarcada.",
    phoneInvalid: "Confira o número de celular: informe-o com o código do país, por exemplo +55 11 91234-5678.",
    phoneRequired: "Número de celular",
    phoneMissing: "Informe seu número de celular: este agendamento precisa dele.",
  },
};

/** What the booking form asks about the phone, or null: it does not ask. */
export interface PhoneFields {
  phone: string;
  phoneHint: string;
  /** The consent line to tick, when a workflow texts guests. */
  consent: string | null;
  required: boolean;
}

/**
 * The phone fields of a booking form (docs/decisions/090, 109): asked when a workflow texts
 * guests (with consent) or the event type requires a phone (then required).
 */
export function phoneFields(words: SmsBookingWords, texts: boolean, required: boolean): PhoneFields | null {
  if (!texts && !required) return null;
  return {
    phone: required ? words.phoneRequired : words.phone,
    phoneHint: words.phoneHint,
    consent: texts ? words.consent : null,
    required,
  };
}
