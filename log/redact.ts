/**
 * URLs as the server's log writes them (issue 25). A link token (password reset, e-mail and
 * subscription confirmation) or a capability address (an uploaded file's random key, an offer's
 * public link) opens something for whoever holds it: anyone who reads the log must not hold it.
 * Every line that prints a URL the client sent goes through `redactUrl` — the request log, the
 * error handler, the request guard's reasons, and any `url` field of a log line (log/logger.ts).
 *
 * Hidden: the value of every query parameter whose name says token, password or secret
 * (`?token=`, `?refreshToken=`, `?access_token=`), and the secret segment of the paths below.
 * The rest of the URL is written as it came, so a line still says which page was asked for.
 */

/** What stands for a hidden value (as in the mail log, api/mail/mailer.ts). */
export const HIDDEN = "[скрыто]";

const SECRET_PARAM = /token|password|secret/i;

/**
 * Paths whose segment after the prefix is a secret: the reset link's token (the page, also as
 * its ".data" request, and the API), an uploaded file's key (not the upload endpoint itself) and
 * an offer's public id (the API's, and the client's page /kp/{publicId} with its ".data" and its
 * PDF; not /kp/export/…, whose id is the offer's number). Routing ignores case, so does this;
 * repeated slashes are one.
 */
const SECRET_SEGMENTS: readonly RegExp[] = [
  /^(\/+(?:api\/+auth\/+)?reset-password\/+)([^/?#]+?)(\.data)?(?=[/?#]|$)/i,
  /^(\/+api\/+file\/+)(?!upload(?:[/?#.]|$))([^/?#]+)()/i,
  /^(\/+api\/+kp\/+public\/+)([^/?#]+)()/i,
  /^(\/+kp\/+)(?!export(?:[/?#]|$))([^/?#]+?)(\.data)?(?=[/?#]|$)/i,
];

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return name;
  }
}

function redactQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq === -1 || !SECRET_PARAM.test(decodedName(pair.slice(0, eq)))) return pair;
      return `${pair.slice(0, eq)}=${HIDDEN}`;
    })
    .join("&");
}

function redactPath(path: string): string {
  for (const pattern of SECRET_SEGMENTS) {
    const match = pattern.exec(path);
    if (match) return `${match[1]}${HIDDEN}${match[3] ?? ""}${path.slice(match[0].length)}`;
  }
  return path;
}

/**
 * A request target (a path with its query, or an absolute URL, as a client may send) with its
 * secrets replaced by "[скрыто]".
 */
export function redactUrl(target: string): string {
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(target)?.[0] ?? "";
  const rest = target.slice(origin.length);
  const q = rest.indexOf("?");
  const path = q === -1 ? rest : rest.slice(0, q);
  return origin + redactPath(path) + (q === -1 ? "" : `?${redactQuery(rest.slice(q + 1))}`);
}
