/**
 * The header's account entry (§2, §4): the user's name linking to /profile once logged in;
 * otherwise "Войти", a real link to /login (works without JavaScript) that, with JavaScript, opens
 * the login dialog instead (its code is loaded on the first click).
 */
import { lazy, Suspense, type MouseEvent } from "react";
import { AppLink } from "#app/lib/navigation.tsx";
import { useRootData } from "#app/lib/root-data.ts";
import { Icon } from "#app/components/ui/icon.tsx";
import { LOGIN_PATH, formatPhone } from "./auth-forms.ts";
import { loginDialog, useLoginDialogOpen } from "./login-dialog-state.ts";

const LoginDialog = lazy(() => import("./login-dialog.tsx"));

/** Who the user is, in full (the entry's tooltip): the name, else the e-mail, else the phone. */
export function fullName(user: { name: string | null; email: string | null; phone: string | null } | null): string {
  return user?.name?.trim() || user?.email || (user?.phone ? formatPhone(user.phone) : "") || "Личный кабинет";
}

/** What the header's narrow entry says: the first name ("Ольга Петрова" → "Ольга"), else "Кабинет". */
export function headerName(user: { name: string | null } | null): string {
  return user?.name?.trim().split(/\s+/)[0] || "Кабинет";
}

export function AccountEntry() {
  const root = useRootData();
  if (root?.isAuthenticated) {
    return (
      <AppLink to="/profile" className="header__entry header__entry--user" title={fullName(root.user)} data-testid="header-user">
        <Icon name="user" />
        <span className="header__user-name">{headerName(root.user)}</span>
      </AppLink>
    );
  }
  return <LoginEntry />;
}

function LoginEntry() {
  const open = useLoginDialogOpen();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab, a download, a middle click: the link as it is.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    loginDialog.toggle(event.currentTarget);
  };
  return (
    <>
      <AppLink to={LOGIN_PATH} className="header__entry" aria-haspopup="dialog" aria-expanded={open} onClick={onClick} data-testid="header-login">
        <Icon name="user" />
        <span>Войти</span>
      </AppLink>
      {open ? (
        <Suspense fallback={null}>
          <LoginDialog />
        </Suspense>
      ) : null}
    </>
  );
}
