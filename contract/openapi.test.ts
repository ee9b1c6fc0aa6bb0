import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument, type JsonObject } from "./openapi.ts";
import { endpoints, type Endpoint } from "./index.ts";

const doc = buildOpenApiDocument();
const all = Object.values(endpoints) as Endpoint[];
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ path, method, op })),
);

function refs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refs(v, out));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k === "$ref" && typeof v === "string") out.push(v);
      else refs(v, out);
    }
  }
  return out;
}

describe("OpenAPI document", () => {
  it("is OpenAPI 3.1 with a Russian title", () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toMatch(/[а-я]/i);
    expect(doc.info.version).toBeTruthy();
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it("has one operation per endpoint, operationIds unique", () => {
    expect(operations).toHaveLength(all.length);
    for (const e of all) {
      const op = doc.paths[`/api${e.path}`]?.[e.method.toLowerCase()];
      expect(op, e.id).toBeDefined();
      expect(op.operationId).toBe(e.id);
    }
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("declares a path parameter for every {placeholder}, and no others", () => {
    for (const { path, op } of operations) {
      const expected = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const params = ((op.parameters ?? []) as JsonObject[]).filter((p) => p.in === "path");
      expect(params.map((p) => p.name).sort(), path).toEqual(expected);
      for (const p of params) expect(p.required).toBe(true);
    }
  });

  it("names array query parameters name[] (§7 groupIds[])", () => {
    const params = doc.paths["/api/product/list/by_group_ids"].get.parameters as JsonObject[];
    expect(params).toEqual([expect.objectContaining({ name: "groupIds[]", in: "query", required: true, style: "form", explode: true })]);
    const kp = (doc.paths["/api/kp/list"].get.parameters as JsonObject[]).map((p) => p.name);
    expect(kp).toEqual(expect.arrayContaining(["page", "limit", "sortBy", "sortOrder", "search", "purposeTitle", "createdAtFrom", "createdAtTo", "totalPriceFrom", "totalPriceTo", "clientIds[]"]));
  });

  it("wraps answers in { data } and errors in ApiErrorBody", () => {
    for (const { op } of operations) {
      const responses = op.responses as Record<string, JsonObject>;
      if (op.operationId === "kpExport" || op.operationId === "kpPublicPdf") continue;
      const schema = (responses["200"].content as JsonObject)["application/json"] as { schema: JsonObject };
      expect(schema.schema).toMatchObject({ type: "object", required: ["data"] });
      expect(responses["4XX"]).toEqual({ $ref: "#/components/responses/ClientError" });
      expect(responses["5XX"]).toEqual({ $ref: "#/components/responses/ServerError" });
    }
    expect(doc.components.schemas.ApiErrorBody).toMatchObject({ type: "object", required: expect.arrayContaining(["message"]) });
  });

  it("describes the public offer's PDF as the file itself, without a login, errors as ApiErrorBody", () => {
    const op = doc.paths["/api/kp/public/{id}/pdf"].get;
    const ok = (op.responses as Record<string, JsonObject>)["200"];
    expect(Object.keys(ok.content as JsonObject)).toEqual(["application/pdf"]);
    expect(ok.headers).toHaveProperty("Content-Disposition");
    expect(op.security ?? []).toEqual([]);
    expect((op.responses as Record<string, JsonObject>)["4XX"]).toEqual({ $ref: "#/components/responses/ClientError" });
  });

  it("describes the export as the file itself (PDF or XLSX), errors as ApiErrorBody", () => {
    const op = doc.paths["/api/kp/export/{format}/{id}"].get;
    const ok = (op.responses as Record<string, JsonObject>)["200"];
    expect(Object.keys(ok.content as JsonObject)).toEqual(["application/pdf", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"]);
    expect(ok.headers).toHaveProperty("Content-Disposition");
    expect((op.responses as Record<string, JsonObject>)["4XX"]).toEqual({ $ref: "#/components/responses/ClientError" });
  });

  it("uses multipart for form bodies, JSON otherwise, bearer security for auth calls", () => {
    for (const e of all) {
      const op = doc.paths[`/api${e.path}`][e.method.toLowerCase()];
      if (e.body) {
        const content = (op.requestBody as { content: JsonObject }).content;
        expect(Object.keys(content), e.id).toEqual([e.bodyKind === "form" ? "multipart/form-data" : "application/json"]);
      } else {
        expect(op.requestBody, e.id).toBeUndefined();
      }
      expect(op.security, e.id).toEqual(e.auth ? [{ bearerAuth: [] }] : undefined);
      expect(op["x-timeout-class"]).toBe(e.timeout);
    }
    expect(doc.components.securitySchemes).toMatchObject({ bearerAuth: { type: "http", scheme: "bearer" } });
    const upload = doc.components.schemas.FileUploadForm as { properties: { file: JsonObject } };
    expect(upload.properties.file).toMatchObject({ type: "string", format: "binary" });
  });

  it("every $ref resolves; no JSON-Schema $defs or $schema left behind", () => {
    for (const ref of refs(doc)) {
      const [, section, name] = ref.match(/^#\/components\/(schemas|responses)\/(.+)$/) ?? [];
      expect(section, ref).toBeDefined();
      expect((doc.components[section as "schemas" | "responses"] as JsonObject)[name], ref).toBeDefined();
    }
    const text = JSON.stringify(doc);
    expect(text).not.toContain('"$defs"');
    expect(text).not.toContain('"$schema"');
  });

  it("names the catalogue entities and handles the recursive category tree", () => {
    for (const name of ["ProductGroup", "Product", "ProductListQuery", "FilterData", "Coating", "CoatingRecalculateRequest", "CoatingPrice", "CategoryNode"]) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    expect(JSON.stringify(doc.components.schemas.CategoryNode)).toContain('"#/components/schemas/CategoryNode"');
  });

  it("documents the offers' calls (ADR 051): the public page and acceptance without a token, the 409's conflict", () => {
    expect(doc.paths["/api/kp/public/{id}/accept"].post.security).toBeUndefined();
    expect(doc.paths["/api/kp/public/{id}"].get.security).toBeUndefined();
    expect(doc.paths["/api/kp/update/{id}"].post.security).toEqual([{ bearerAuth: [] }]);
    for (const path of ["/api/kp/copy/{id}", "/api/kp/send/{id}", "/api/kp/client/create", "/api/kp/client/{id}/representative/create", "/api/kp/client/{id}/purpose/create"]) {
      expect(doc.paths[path]?.post, path).toBeDefined();
    }
    expect(doc.paths["/api/kp/versions/{id}/diff"].get).toBeDefined();
    expect(JSON.stringify(doc)).toContain("conflict");
  });

  it("npm run openapi writes the document to the given path", () => {
    const out = join(mkdtempSync(join(tmpdir(), "openapi-")), "nested", "openapi.json");
    const printed = execFileSync(process.execPath, ["--import", "tsx", "contract/openapi-cli.ts", out], { encoding: "utf8" });
    expect(printed.trim()).toBe(out);
    expect(JSON.parse(readFileSync(out, "utf8"))).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
