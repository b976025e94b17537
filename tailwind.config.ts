import type { Config } from "tailwindcss";
import plugin from "tailwindcss/plugin";
import { TOAST_LIFE_MS } from "./app/browser/toast-life";
import { colorVariables, paletteColors } from "./app/html/theme-palette";

/**
 * Dark mode (docs/decisions/108): the grey, brand and status scales are CSS variables that a
 * dark theme swaps (see theme-palette.ts), so each class keeps its role in both themes. The
 * html element's class is the person's choice (`dark`, `light`); without one the system's
 * setting decides, with no script. The `dark:` variant follows the same rule.
 */
export default {
  content: ["./app/**/*.{ts,tsx}"],
  darkMode: ["variant", ["&:is(.dark *)", "@media (prefers-color-scheme: dark) { &:not(.light *) }"]],
  theme: {
    extend: {
      colors: paletteColors(),
      // Focus rings are offset by the page's own surface, not white, in both themes.
      ringOffsetColor: { DEFAULT: "rgb(var(--c-surface))" },
      maxWidth: { content: "72rem", form: "36rem" },
      // How long a toast stays (app/tailwind.css's reduced-motion rule reads it).
      transitionDuration: { toast: `${TOAST_LIFE_MS}ms` },
      keyframes: {
        "toast-life": {
          "0%": { opacity: "0", transform: "translateY(-0.5rem)" },
          "4%, 94%": { opacity: "1", transform: "translateY(0)" },
          "100%": { opacity: "0", visibility: "hidden" },
        },
        // Home page: the partner strip moves one logo set to the left, then starts over.
        marquee: { from: { transform: "translateX(0)" }, to: { transform: "translateX(-50%)" } },
        // Entry: text rises into place (no opacity change, so contrast holds at every frame);
        // decorative pictures also fade in.
        rise: { from: { transform: "translateY(2rem)" }, to: { transform: "translateY(0)" } },
        "fade-up": {
          from: { opacity: "0", transform: "translateY(2rem)" },
          to: { opacity: "1", transform: "translateY(0)" },
        },
      },
      animation: {
        "toast-life": `toast-life ${TOAST_LIFE_MS}ms ease-in-out forwards`,
        // The duration is set inline from the strip's width, so it moves at 70 px/s.
        marquee: "marquee 20s linear infinite",
        rise: "rise 1500ms cubic-bezier(0.16, 1, 0.3, 1) both",
        "fade-up": "fade-up 1500ms cubic-bezier(0.16, 1, 0.3, 1) both",
      },
    },
  },
  plugins: [
    plugin(({ addBase }) => {
      const { light, dark, brandLight, brandDark } = colorVariables();
      addBase({
        ":root": { colorScheme: "light", ...light },
        "[data-brand]": brandLight,
        ":root.dark": { colorScheme: "dark", ...dark },
        ".dark [data-brand]": brandDark,
        "@media (prefers-color-scheme: dark)": {
          ":root:not(.light)": { colorScheme: "dark", ...dark },
          ":root:not(.light) [data-brand]": brandDark,
        },
      });
    }),
  ],
} satisfies Config;
