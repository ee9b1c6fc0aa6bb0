/**
 * drizzle-kit: `npm run db:generate` turns api/db/schema.ts into SQL migrations in
 * api/db/migrations, which the API applies at start. DATABASE_URL is only needed for
 * drizzle-kit's own database commands (studio, push); generate works offline.
 */
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./api/db/schema.ts",
  out: "./api/db/migrations",
  ...(process.env.DATABASE_URL ? { dbCredentials: { url: process.env.DATABASE_URL } } : {}),
});
