import { createContext, useContext } from "react";

/** The per-request CSP nonce; empty in the browser, where it is never needed. */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);

/**
 * True while the server renders a page as the answer to a form posted to it (a route's action
 * ran: its data, a refused form's errors, are on the page); false in the browser.
 */
export const AfterActionContext = createContext(false);
export const useAfterAction = () => useContext(AfterActionContext);
