import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PlaceholderPage } from "~/components/placeholder-page";

export default function Page() {
  return <PlaceholderPage title="Services" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
