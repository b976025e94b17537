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
      },
      animation: { "toast-life": "toast-life 5000ms ease-in-out forwards" },
    },
  },
  plugins: [],
} satisfies Config;
