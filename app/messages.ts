/**
 * Every user-facing string the specification quotes, verbatim (typos included), in one
 * place so a copy edit is one line.
 */
export const MESSAGES = {
  emailRequired: "Email is required!!",
  passwordRequired: "Password is required!!",
  signInSuccess: "Signin successd...",
  signUpSuccess: "Login successd...",
  passwordsDiffer: "Passwords do not match.",
  emailTaken: "An account with this email already exists. Sign in instead.",
  badCredentials: "Wrong email or password.",
  tooManyAttempts: "Too many attempts. Please wait a few minutes and try again.",
  signedOut: "You are signed out.",
  googleUnavailable: "Google sign-in is not set up on this server.",
  googleFailed: "Google sign-in failed. Please try again.",
  googleUnverified: "Your Google account has no verified e-mail address.",
  eventLimit: "You reached the maximum event creation limit !! Teke a package.",
  adminCantPay: "Admin can't make payment",
  notAdminPromote: "You don't have access to make someone admin!!",
  notAdminDemote: "You don't have access to make someone user!!",
  forbidden: "You don't have access to this page.",
  footerTagline: "We take the work out of connecting with others so you can accomplish more.",
} as const;
