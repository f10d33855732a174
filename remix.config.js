/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Only route modules become routes: server-only modules, tests and schemas beside them are plain modules.
  ignoredRouteFiles: ["**/.*", "**/*.server.*", "**/*.test.*", "**/*.schema.*"],
  serverModuleFormat: "esm",
  // These packages ship CSS or ESM that the classic compiler must process itself.
  serverDependenciesToBundle: [/^swiper/],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
