// The service page builds its JSON-LD in its loader (a first view: the browser downloads no builder for it); the
// builders themselves are ./structured-data.ts, pure, shared with the vendor page's meta function.
export { serviceJsonLd } from "./structured-data";
