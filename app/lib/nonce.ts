import { createContext, useContext } from "react";

/**
 * The CSP nonce of this server render. React Router's own scripts take it from
 * <ServerRouter nonce>; this context is for any other inline script a component
 * must render. In the browser it is empty (browsers hide nonces from the DOM).
 */
export const NonceContext = createContext("");

export const useNonce = () => useContext(NonceContext);
