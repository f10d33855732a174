import { createContext, useContext } from "react";

// The per-request CSP nonce, provided by entry.server and read by the root for <Scripts>.
// In the browser the value is empty (browsers hide nonce attributes from scripts anyway).
const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
