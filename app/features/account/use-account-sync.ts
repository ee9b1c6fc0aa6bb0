/**
 * Runs the §4 sync (account-sync.ts) after hydration and whenever the root data's login state
 * changes (the login and logout actions revalidate the root). Mounted once, in the root route.
 */
import { useEffect, useState } from "react";
import { useRootData } from "#app/lib/root-data.ts";
import { primeAccount, syncAccount } from "./account-sync.ts";

export function useAccountSync(): void {
  const authenticated = useRootData()?.isAuthenticated ?? false;
  useState(() => {
    if (typeof window !== "undefined") primeAccount(authenticated);
  });
  useEffect(() => {
    void syncAccount(authenticated);
  }, [authenticated]);
}
