import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#eef2ff",
          100: "#e0e7ff",
          200: "#c7d2fe",
          500: "#6366f1",
          600: "#4f46e5",
          700: "#4338ca",
          800: "#3730a3",
          900: "#312e81",
        },
      },
      maxWidth: { content: "72rem", form: "36rem" },
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
        "toast-life": "toast-life 5000ms ease-in-out forwards",
        // The duration is set inline from the strip's width, so it moves at 70 px/s.
        marquee: "marquee 20s linear infinite",
        rise: "rise 1500ms cubic-bezier(0.16, 1, 0.3, 1) both",
        "fade-up": "fade-up 1500ms cubic-bezier(0.16, 1, 0.3, 1) both",
      },
    },
  },
  plugins: [],
} satisfies Config;
