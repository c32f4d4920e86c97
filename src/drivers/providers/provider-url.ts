/**
 * What the three vendors' warehouse URLs share (`<vendor>/<vendor>-url.ts`
 * read one each): parsing without echoing (the URL may hold a password), the
 * query parameters a URL may have, and the `warehouse_invalid` error that
 * names the input, the problem and the form to give.
 */
import { UserError } from "../../errors/user-error.js";

/** The URL as parsed: its parts percent-decoded, and its query parameters (each at most once). */
export interface ParsedUrl {
  readonly user: string;
  readonly password: string;
  readonly host: string;
  readonly port?: number;
  /** The path's segments, each decoded ("" for none). */
  readonly path: string;
  readonly query: ReadonlyMap<string, string>;
}

/** A `warehouse_invalid` error about `input`: `problem`, then the URL's form. */
export function invalidUrl(input: string, problem: string, form: string): UserError {
  return new UserError("warehouse_invalid", `${input} ${problem}; give ${form}.`, {
    input,
    hint: `Give the warehouse as ${form} (docs/warehouses/ says what each part is); put the password or token in the environment variable the docs name, not in the workflow file.`,
  });
}

function decode(text: string, input: string, form: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw invalidUrl(input, "has a malformed percent-escape", form);
  }
}

/** `value` parsed as a URL of `scheme`, with only the query parameters `allowed`. Never echoes `value`. */
export function parseProviderUrl(
  value: string,
  scheme: string,
  allowed: readonly string[],
  input: string,
  form: string,
): ParsedUrl {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalidUrl(input, `is not a valid ${scheme}:// URL`, form);
  }
  if (url.hash !== "") throw invalidUrl(input, "has a `#` fragment", form);
  const query = new Map<string, string>();
  for (const [name, given] of url.searchParams) {
    if (!allowed.includes(name)) {
      const shown = /^[A-Za-z0-9_.-]{1,40}$/.test(name) ? `\`${name}\`` : "a parameter";
      throw invalidUrl(
        input,
        `has ${shown} in its query, which a ${scheme}:// URL doesn't take (it takes ${allowed.map((a) => `\`${a}\``).join(", ")})`,
        form,
      );
    }
    if (query.has(name)) throw invalidUrl(input, `gives \`${name}\` twice`, form);
    if (given === "") throw invalidUrl(input, `gives \`${name}\` no value`, form);
    query.set(name, given);
  }
  return {
    user: decode(url.username, input, form),
    password: decode(url.password, input, form),
    host: url.hostname,
    ...(url.port !== "" ? { port: Number(url.port) } : {}),
    path: decode(url.pathname, input, form),
    query,
  };
}

/** A `host` or `host:port` query value (an endpoint other than the vendor's own), or a warehouse_invalid error. */
export function endpointOf(
  text: string,
  input: string,
  form: string,
  parameter: string,
): { host: string; port?: number } {
  const match = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/.exec(text);
  const port = match?.[2] !== undefined ? Number(match[2]) : undefined;
  if (!match || (port !== undefined && (port < 1 || port > 65535)))
    throw invalidUrl(input, `has a \`${parameter}\` that is not a host name or host:port`, form);
  return { host: match[1]!, ...(port !== undefined ? { port } : {}) };
}
