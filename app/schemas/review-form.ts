import { z } from "zod";
import { isHttpUrl, plainText } from "./input-rules";

/** What the home page shows of a review (the legacy read shape, docs/legacy-api.md, with our id). */
export interface ReviewCardData {
  id: string;
  name: string;
  email: string;
  imageUrl: string;
  rating: number;
  review: string;
}

/**
 * A posted review: the home page's Give Review form and POST /reviews validate with the same
 * fields. The e-mail is not part of it: the server always stores the signed-in user's own
 * address, whatever the client sends.
 */
export const ReviewSchema = z.object({
  name: plainText(
    z.string({ error: "Enter your name." }).trim().min(1, "Enter your name.").max(100, "Use at most 100 characters."),
    "Your name",
  ),
  imageUrl: z
    .string()
    .trim()
    .max(2048, "Use a shorter image URL (at most 2048 characters).")
    .refine(isHttpUrl, "Enter an image URL starting with http:// or https://.")
    .optional(),
  rating: z
    .number({ error: "Choose a rating from 1 to 5." })
    .int("Choose a rating from 1 to 5.")
    .min(1, "Choose a rating from 1 to 5.")
    .max(5, "Choose a rating from 1 to 5."),
  review: plainText(
    z
      .string({ error: "Write your review." })
      .trim()
      .min(1, "Write your review.")
      .max(2000, "Keep your review to 2000 characters or fewer."),
    "Your review",
    { multiline: true },
  ),
});
