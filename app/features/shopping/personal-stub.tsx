/**
 * Tests: a data router around `element` with the personal-state provider, as the root route gives
 * every page (a guest: no root data). The hooks need both (fetchers, the page's stores).
 */
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { PersonalStateProvider } from "./personal-state.tsx";

export function withPersonalState(element: ReactNode, path = "/") {
  const Stub = createRoutesStub([{ path: "*", Component: () => <PersonalStateProvider>{element}</PersonalStateProvider> }]);
  return <Stub initialEntries={[path]} />;
}
