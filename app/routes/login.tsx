import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PlaceholderPage } from "~/components/placeholder-page";

export default function Page() {
  return <PlaceholderPage title="Login" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
