import type { Plural } from "~/messages/languages";
import type { EN } from "./en";

/** Every language has every key of the English (tsc and guest-words.test.ts check it), plurals as plurals. */
export type GuestWords = { [K in keyof typeof EN]: (typeof EN)[K] extends string ? string : Plural };
