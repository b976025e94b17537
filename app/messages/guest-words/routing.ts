import type { Language, Plural } from "~/messages/languages";

/**
 * A routing form's public page per language (decision 074, docs/decisions/099): its own words
 * around the host's questions, which stay as the host wrote them. The English is the page's own
 * wording, verbatim; every language has every key (guest-words.test.ts).
 */
export const ROUTING_EN = {
  optional: "{label} (optional)",
  choose: "Choose…",
  yes: "Yes",
  continue: "Continue",
  // The one line of ours under the page, before the product's name
  poweredBy: "Powered by",
  tooMany: {
    one: "Too many responses from your network. Try again in about {count} minutes.",
    other: "Too many responses from your network. Try again in about {count} minutes.",
  } as Plural,
  // A question's error in another language (the English ones are the answers' checks, kept as they are).
  answerRequired: 'Answer "{label}".',
  tickRequired: 'Tick "{label}".',
  answerInvalid: "Check this answer: it is not in the expected form.",
  // The routing form's default "no route" message (the dashboard's), and ours for a booking page gone.
  fallbackThanks: "Thank you! We will be in touch.",
  pageGone: "This booking page is not available any more. Please contact us directly.",
};

export type RoutingWords = { [K in keyof typeof ROUTING_EN]: (typeof ROUTING_EN)[K] extends string ? string : Plural };

const ROUTING_ES: RoutingWords = {
  optional: "{label} (opcional)",
  choose: "Elige…",
  yes: "Sí",
  continue: "Continuar",
  poweredBy: "Con la tecnología de",
  tooMany: {
    one: "Demasiadas respuestas desde tu red. Vuelve a intentarlo dentro de {count} minuto.",
    many: "Demasiadas respuestas desde tu red. Vuelve a intentarlo dentro de {count} de minutos.",
    other: "Demasiadas respuestas desde tu red. Vuelve a intentarlo dentro de unos {count} minutos.",
  },
  answerRequired: "Responde a «{label}».",
  tickRequired: "Marca «{label}».",
  answerInvalid: "Revisa esta respuesta: no tiene la forma esperada.",
  fallbackThanks: "¡Gracias! Nos pondremos en contacto contigo.",
  pageGone: "Esta página de reservas ya no está disponible. Ponte en contacto con nosotros directamente.",
};

const ROUTING_DE: RoutingWords = {
  optional: "{label} (optional)",
  choose: "Bitte wählen…",
  yes: "Ja",
  continue: "Weiter",
  poweredBy: "Bereitgestellt von",
  tooMany: {
    one: "Zu viele Antworten aus Ihrem Netzwerk. Versuchen Sie es in etwa {count} Minute erneut.",
    other: "Zu viele Antworten aus Ihrem Netzwerk. Versuchen Sie es in etwa {count} Minuten erneut.",
  },
  answerRequired: "Beantworten Sie „{label}“.",
  tickRequired: "Kreuzen Sie „{label}“ an.",
  answerInvalid: "Prüfen Sie diese Antwort: Sie hat nicht die erwartete Form.",
  fallbackThanks: "Vielen Dank! Wir melden uns bei Ihnen.",
  pageGone: "Diese Buchungsseite ist nicht mehr verfügbar. Bitte wenden Sie sich direkt an uns.",
};

const ROUTING_FR: RoutingWords = {
  optional: "{label} (facultatif)",
  choose: "Choisissez…",
  yes: "Oui",
  continue: "Continuer",
  poweredBy: "Propulsé par",
  tooMany: {
    one: "Trop de réponses depuis votre réseau. Réessayez dans environ {count} minute.",
    many: "Trop de réponses depuis votre réseau. Réessayez dans environ {count} de minutes.",
    other: "Trop de réponses depuis votre réseau. Réessayez dans environ {count} minutes.",
  },
  answerRequired: "Répondez à « {label} ».",
  tickRequired: "Cochez « {label} ».",
  answerInvalid: "Vérifiez cette réponse : elle n’a pas la forme attendue.",
  fallbackThanks: "Merci ! Nous reviendrons vers vous.",
  pageGone: "Cette page de réservation n’est plus disponible. Contactez-nous directement, s’il vous plaît.",
};

const ROUTING_PT_BR: RoutingWords = {
  optional: "{label} (opcional)",
  choose: "Escolha…",
  yes: "Sim",
  continue: "Continuar",
  poweredBy: "Desenvolvido por",
  tooMany: {
    one: "Respostas demais da sua rede. Tente de novo em cerca de {count} minuto.",
    many: "Respostas demais da sua rede. Tente de novo em cerca de {count} de minutos.",
    other: "Respostas demais da sua rede. Tente de novo em cerca de {count} minutos.",
  },
  answerRequired: "Responda “{label}”.",
  tickRequired: "Marque “{label}”.",
  answerInvalid: "Confira esta resposta: ela não está no formato esperado.",
  fallbackThanks: "Obrigado! Entraremos em contato.",
  pageGone: "Esta página de reservas não está mais disponível. Entre em contato conosco diretamente.",
};

/** A routing form's page words per language. */
export const ROUTING_WORDS: Record<Language, RoutingWords> = {
  en: ROUTING_EN,
  es: ROUTING_ES,
  de: ROUTING_DE,
  fr: ROUTING_FR,
  "pt-BR": ROUTING_PT_BR,
};
