import { initials } from "./booking-page";

/** A host's initials in a circle (the booking pages have no photos). */
export function HostAvatar({ name, username, size = "md" }: { name: string; username: string; size?: "md" | "lg" }) {
  const box = size === "lg" ? "h-16 w-16 text-xl" : "h-12 w-12 text-base";
  return (
    <span
      aria-hidden
      className={`flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800 ${box}`}
    >
      {initials(name, username)}
    </span>
  );
}
