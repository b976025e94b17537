/** What an Idempotency-Key may be (decision 024): 1-255 visible ASCII characters; a UUID is a good choice. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
