/**
 * `npm run openapi [-- <output path>]`: writes the OpenAPI 3.1 document of the /api contract,
 * by default to build/openapi.json, and prints the path written.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { buildOpenApiDocument } from "./openapi.ts";

const target = resolve(process.argv[2] ?? "build/openapi.json");
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(target);
