import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PlaceholderPage } from "~/components/placeholder-page";

export default function Page() {
  return <PlaceholderPage title="Search results" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
