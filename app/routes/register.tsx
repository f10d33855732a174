import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PlaceholderPage } from "~/components/placeholder-page";

export default function Page() {
  return <PlaceholderPage title="Join Glow" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
