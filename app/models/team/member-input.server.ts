// The routes read the member choice in their loaders and actions only: through this name the browser build drops the
// module instead of shipping an empty chunk for it (scripts/check-bundle.mjs counts every file of a first view).
export { MEMBER_NOT_OFFERED, readMemberInput } from "./member-input";
