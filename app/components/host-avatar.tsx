import { avatarPath } from "~/schemas/profile-photo";
import { initials } from "./booking-page";

/**
 * A host's photo (decision 095), or their initials in a circle without one. The photo's alt text
 * is the host's name; the initials stay hidden from screen readers (the name is beside them).
 */
export function HostAvatar({
  name,
  username,
  userId,
  photoHash = null,
  size = "md",
}: {
  name: string;
  username: string;
  userId?: string;
  photoHash?: string | null;
  size?: "md" | "lg";
}) {
  const box = size === "lg" ? "h-16 w-16 text-xl" : "h-12 w-12 text-base";
  const px = size === "lg" ? 64 : 48;
  if (photoHash && userId) {
    return (
      <img
        src={avatarPath(userId, photoHash, "small")}
        srcSet={`${avatarPath(userId, photoHash, "small")} 96w, ${avatarPath(userId, photoHash, "large")} 256w`}
        sizes={`${px}px`}
        width={px}
        height={px}
        alt={name || username}
        className={`shrink-0 rounded-full bg-neutral-100 object-cover ${box}`}
        data-testid="host-photo"
      />
    );
  }
  return (
    <span
      aria-hidden
      className={`flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800 ${box}`}
    >
      {initials(name, username)}
    </span>
  );
}

/** A team's logo (decision 112) in place of a host's photo: fitted whole, so a square with rounded corners. */
export function TeamLogo({
  name,
  small,
  large,
  size = "md",
}: {
  name: string;
  small: string;
  large: string;
  size?: "md" | "lg";
}) {
  const box = size === "lg" ? "h-16 w-16" : "h-12 w-12";
  const px = size === "lg" ? 64 : 48;
  return (
    <img
      src={small}
      srcSet={`${small} 96w, ${large} 256w`}
      sizes={`${px}px`}
      width={px}
      height={px}
      alt={`${name} logo`}
      className={`shrink-0 rounded-lg object-contain ${box}`}
      data-testid="team-logo"
    />
  );
}
