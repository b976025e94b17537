/**
 * The server-only names dashboard.profile_.photo.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { imagePageAction } from "~/html/image-upload.server";
export { photoHashOf } from "~/models/user-photo.server";
export { getProfile } from "~/models/user.server";
export { removeProfilePhoto, setProfilePhoto } from "~/services/profile-photo.server";
export { requirePermission } from "~/utils/auth.server";
