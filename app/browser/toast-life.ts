/**
 * How long a toast stays: the hydrated Toaster's timer, and the CSS animations that remove it
 * without JavaScript (tailwind.config.ts's `toast-life`, and the reduced-motion rule in
 * app/tailwind.css, which reads it as `theme("transitionDuration.toast")`).
 */
export const TOAST_LIFE_MS = 5000;
