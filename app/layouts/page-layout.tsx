import type { ReactNode } from "react";
import type { LayoutName } from "./layout.ts";
import { DefaultLayout } from "./default.tsx";
import { KpLayout } from "./kp.tsx";
import { SearchLayout } from "./search.tsx";
import { SimpleLayout } from "./simple.tsx";
import { UserLayout } from "./user.tsx";

const byName = {
  default: DefaultLayout,
  kp: KpLayout,
  search: SearchLayout,
  simple: SimpleLayout,
  user: UserLayout,
} satisfies Record<LayoutName, (props: { children: ReactNode }) => ReactNode>;

export function Layout({ name, children }: { name: LayoutName; children: ReactNode }) {
  const Chosen = byName[name];
  return <Chosen>{children}</Chosen>;
}
