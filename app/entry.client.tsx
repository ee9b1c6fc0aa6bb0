/**
 * Hydrates the server-rendered tree (§4 "Mounting"). A failure is logged with the spec's text
 * and the error page is shown. A chunk that fails to load during navigation reloads the
 * target path once, guarded in session storage for 10 s (§4, §9; app/lib/chunk-reload.ts).
 */
import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installChunkReloadGuard } from "./lib/chunk-reload.ts";
import { MountErrorPage } from "./components/error-page.tsx";

function showMountError(error: unknown) {
  console.error("Error while mounting app:", error);
  const container = document.createElement("div");
  document.body.replaceChildren(container);
  createRoot(container).render(<MountErrorPage />);
}

if (installChunkReloadGuard(window)) {
  startTransition(() => {
    try {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
        { onUncaughtError: showMountError },
      );
    } catch (error) {
      showMountError(error);
    }
  });
}
