/**
 * OpenAPI 3.1 document of the /api contract, generated from `endpoints` with zod's native
 * `z.toJSONSchema` (draft 2020-12 is OpenAPI 3.1's dialect). Requests are converted with
 * io "input" (what a client may send: defaults optional), answers with io "output".
 *
 * Every PascalCase schema exported by the contract becomes a named component; where a schema's
 * input form differs from its output form (defaults, coercion) the input one is `<Name>Input`.
 */
import { z } from "zod";
import * as contract from "./index.ts";
import type { Endpoint } from "./endpoint.ts";

export type JsonObject = Record<string, unknown>;

export interface OpenApiDocument extends JsonObject {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, JsonObject>>;
  components: { schemas: Record<string, JsonObject>; securitySchemes: JsonObject; responses: JsonObject };
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  content: "Начальные данные, города, SEO, баннеры, слайдер, статические страницы",
  profile: "Личный кабинет: профиль, адреса доставки, юрлица, телефон, e-mail, пароль",
  auth: "Вход, регистрация, обновление токена, сброс пароля, выход",
  blog: "Новости, блог, акции",
  catalog: "Каталог: товары, фильтры, нанесения, бренды, виды печати",
  comment: "Комментарии к записям блога",
  search: "Поиск",
  searchHistory: "История поиска вошедшего пользователя",
  cart: "Корзина",
  file: "Загрузка файлов",
  comparison: "Сравнение",
  favorites: "Избранное",
  kp: "Коммерческие предложения (КП)",
  order: "Заказы",
  subscription: "Подписка на рассылку: адрес и подтверждение по ссылке из письма",
};

/** The 2xx/4xx wording of §7/§8, shared by every operation. */
const ERROR_RESPONSES = {
  ClientError: "§8: 400–499 carry the server message and field errors, shown per field (§5)",
  Unauthorized: "§4: the token is missing or expired; the client refreshes it once and retries",
  ServerError: "§8: the client shows 'Что-то пошло не так'",
};

const isSchema = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/** Schema kinds worth a component; primitives stay inline. */
const NAMED_KINDS = new Set(["object", "lazy", "enum", "union", "intersection", "record"]);

/**
 * A metadata registry that names every exported entity schema after its export, and falls back to
 * the global registry so `.describe()` texts still reach the document.
 */
export function contractSchemaNames(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  for (const [name, value] of Object.entries(contract)) {
    if (!/^[A-Z]/.test(name) || !isSchema(value) || !NAMED_KINDS.has(value.def.type)) continue;
    // The same instance exported twice keeps its first (alphabetical) name.
    if (!names.has(value)) names.set(value, name);
  }
  return names;
}

function createRegistry(names: Map<z.ZodType, string>) {
  const registry = z.registry<Record<string, unknown>>();
  const get = (schema: z.core.$ZodType) => {
    const base = z.globalRegistry.get(schema);
    const id = names.get(schema as z.ZodType);
    if (!id) return base;
    return { ...base, id };
  };
  (registry as unknown as { get: typeof get }).get = get;
  return registry;
}

/** Key-order-independent JSON equality. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as JsonObject)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

function rewriteRefs(value: unknown, map: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, map));
  if (!value || typeof value !== "object") return value;
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === "$ref" && typeof v === "string" && v.startsWith("#/$defs/")) {
      const name = v.slice("#/$defs/".length);
      out[key] = `#/components/schemas/${map.get(name) ?? name}`;
    } else {
      out[key] = rewriteRefs(v, map);
    }
  }
  return out;
}

class Components {
  readonly schemas: Record<string, JsonObject> = {};
  private readonly registry: ReturnType<typeof createRegistry>;

  constructor(names: Map<z.ZodType, string>) {
    this.registry = createRegistry(names);
  }

  /** Converts a schema and moves its `$defs` into components; returns the root with component refs. */
  convert(schema: z.ZodType, io: "input" | "output", scope: string): JsonObject {
    const json = z.toJSONSchema(schema, { target: "draft-2020-12", io, metadata: this.registry, cycles: "ref", reused: "inline" }) as JsonObject;
    const { $defs = {}, $schema: _dialect, ...root } = json as JsonObject & { $defs?: Record<string, JsonObject> };
    const names = Object.keys($defs);
    // Unnamed cycle helpers ("__schema0") are only unique within one conversion.
    const map = new Map(names.map((n) => [n, n.startsWith("__") ? `${scope}_${io}${n}` : n]));
    // A def whose form differs from the stored component of that name gets the "Input" name; renaming
    // one def changes the refs of others, so repeat until stable (renames only grow, so it ends).
    for (let changed = true; changed; ) {
      changed = false;
      for (const n of names) {
        const target = map.get(n)!;
        if (io === "output" || target.endsWith("Input")) continue;
        const existing = this.schemas[target];
        if (existing && canonical(existing) !== canonical(rewriteRefs($defs[n], map))) {
          map.set(n, `${target}Input`);
          changed = true;
        }
      }
    }
    for (const n of names) {
      const target = map.get(n)!;
      const def = rewriteRefs($defs[n], map) as JsonObject;
      const existing = this.schemas[target];
      if (existing && canonical(existing) !== canonical(def)) {
        throw new Error(`OpenAPI component "${target}" has two different forms (converting ${scope}, ${io})`);
      }
      this.schemas[target] = def;
    }
    return rewriteRefs(root, map) as JsonObject;
  }

  /** The object behind a root that may be a component ref. */
  resolve(json: JsonObject): JsonObject {
    const ref = json.$ref;
    if (typeof ref === "string" && ref.startsWith("#/components/schemas/")) {
      return this.resolve(this.schemas[ref.slice("#/components/schemas/".length)]);
    }
    return json;
  }
}

/** Path and query parameters from the `params` / `query` object schemas. */
function parameters(e: Endpoint, components: Components): JsonObject[] {
  const out: JsonObject[] = [];
  for (const location of ["path", "query"] as const) {
    const schema = location === "path" ? e.params : e.query;
    if (!schema) continue;
    const json = components.resolve(components.convert(schema, "input", e.id));
    if (json.type !== "object") throw new Error(`${e.id}: ${location} schema must be an object`);
    const properties = (json.properties ?? {}) as Record<string, JsonObject>;
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      const { description, ...propertySchema } = property;
      const resolved = components.resolve(propertySchema);
      if (resolved.type === "object") throw new Error(`${e.id}: query/path value "${name}" must not be an object`);
      const isArray = resolved.type === "array";
      const parameter: JsonObject = {
        // §7: arrays travel as `name[]=a&name[]=b` (see toSearchParams / queryFromSearchParams).
        name: isArray ? `${name}[]` : name,
        in: location,
        required: location === "path" || required.has(name),
        schema: propertySchema,
      };
      if (description) parameter.description = description;
      if (isArray) Object.assign(parameter, { style: "form", explode: true });
      out.push(parameter);
    }
  }
  return out;
}

function operation(e: Endpoint, components: Components, response: JsonObject): JsonObject {
  const op: JsonObject = {
    operationId: e.id,
    summary: e.summary,
    tags: [e.tag],
    // §9 timeout class the client applies (default / init / favoriteGroups / catalog / upload).
    "x-timeout-class": e.timeout,
  };
  const params = parameters(e, components);
  if (params.length) op.parameters = params;
  if (e.body) {
    const mediaType = e.bodyKind === "form" ? "multipart/form-data" : "application/json";
    op.requestBody = {
      required: !e.body.safeParse(undefined).success,
      content: { [mediaType]: { schema: components.convert(e.body, "input", e.id) } },
    };
  }
  if (e.auth) op.security = [{ bearerAuth: [] }];
  const success = e.binary
    ? {
        description: "Success; the answer is the file itself, named by Content-Disposition",
        headers: { "Content-Disposition": { schema: { type: "string" }, description: "attachment; filename=\"…\"; filename*=UTF-8''…" } },
        content: Object.fromEntries(e.binary.map((type) => [type, { schema: { type: "string", contentMediaType: type } }])),
      }
    : {
        description: "Success; the answer is in `data` (§7)",
        content: {
          "application/json": {
            schema: { type: "object", properties: { data: response }, required: ["data"] },
          },
        },
      };
  op.responses = {
    "200": success,
    ...(e.auth ? { "401": { $ref: "#/components/responses/Unauthorized" } } : {}),
    "4XX": { $ref: "#/components/responses/ClientError" },
    "5XX": { $ref: "#/components/responses/ServerError" },
  };
  return op;
}

export function buildOpenApiDocument(): OpenApiDocument {
  const components = new Components(contractSchemaNames());
  const list = Object.values(contract.endpoints) as Endpoint[];

  // Answers first, so a schema used both ways keeps its plain name for the output form.
  const errorSchema = components.convert(contract.ApiErrorBody, "output", "error");
  const responses = new Map(list.map((e) => [e.id, components.convert(e.response, "output", e.id)]));

  const paths: OpenApiDocument["paths"] = {};
  for (const e of list) {
    const path = `/api${e.path}`;
    const method = e.method.toLowerCase();
    paths[path] ??= {};
    if (paths[path][method]) throw new Error(`Duplicate operation ${e.method} ${path}`);
    paths[path][method] = operation(e, components, responses.get(e.id)!);
  }

  const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: errorSchema } } });

  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Интернет-магазин подарков и промопродукции — API витрины",
      version: "1.0.0",
      description:
        "Контракт /api витрины. Успешный ответ — `{ data }`, ошибка — `ApiErrorBody` (§7, §8). " +
        "Токен передаётся заголовком `Authorization: Bearer …`. Массивы в строке запроса — `name[]=a&name[]=b`. " +
        "Чтения повторяются один раз при сетевой ошибке или статусах 408, 409, 425, 429, 500, 502–504; записи — нет.",
    },
    servers: [{ url: "/" }],
    tags: [...new Set(list.map((e) => e.tag))].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(components.schemas).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "The token from auth/login (§3 auth cookie)" },
      },
      responses: {
        ClientError: errorResponse(ERROR_RESPONSES.ClientError),
        Unauthorized: errorResponse(ERROR_RESPONSES.Unauthorized),
        ServerError: errorResponse(ERROR_RESPONSES.ServerError),
      },
    },
  };
}
