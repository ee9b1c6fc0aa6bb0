import { Form } from "react-router";
import { LOGOUT_PATH } from "./auth-forms.ts";

/** "Выйти" (§4): a POST to /logout (a GET changes nothing), then the home page, anonymous. Works without JavaScript. */
export function LogoutButton({ className }: { className?: string }) {
  return (
    <Form method="post" action={LOGOUT_PATH} className={className}>
      <button type="submit" className="button" data-testid="logout">
        Выйти
      </button>
    </Form>
  );
}
