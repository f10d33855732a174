/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// Single fetch is on (remix.config.js), so loaders' types are inferred the v3 way.
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
