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
  logo = null,
  size = "md",
}: {
  name: string;
  username: string;
  userId?: string;
  photoHash?: string | null;
  /**
   * A logo instead (a team's, decision 112, or the host's own, decision 117): its 96 px and 256 px
   * paths, fitted whole in a rounded square.
   */
  logo?: { small: string; large: string } | null;
  size?: "md" | "lg";
}) {
  const box = size === "lg" ? "h-16 w-16 text-xl" : "h-12 w-12 text-base";
  const px = size === "lg" ? 64 : 48;
  const image =
    logo ??
    (photoHash && userId
      ? { small: avatarPath(userId, photoHash, "small"), large: avatarPath(userId, photoHash, "large") }
      : null);
  if (image) {
    return (
      <img
        src={image.small}
        srcSet={`${image.small} 96w, ${image.large} 256w`}
        sizes={`${px}px`}
        width={px}
        height={px}
        alt={logo ? `${name} logo` : name || username}
        className={`shrink-0 bg-neutral-100 ${logo ? "rounded-lg object-contain" : "rounded-full object-cover"} ${box}`}
        data-testid={logo ? "team-logo" : "host-photo"}
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
