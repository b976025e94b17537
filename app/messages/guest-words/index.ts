import type { Language } from "~/messages/languages";
import { DE } from "./de";
import { EN } from "./en";
import { ES } from "./es";
import { FR } from "./fr";
import { PT_BR } from "./pt-BR";
import type { GuestWords } from "./types";

export type { GuestWords } from "./types";

/** The guest's pages' words per language (docs/decisions/088). */
export const GUEST_WORDS: Record<Language, GuestWords> = { en: EN, es: ES, de: DE, fr: FR, "pt-BR": PT_BR };
