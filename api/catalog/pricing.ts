/**
 * Coating (print) pricing lives in contract/coating-pricing.ts (pure, shared with the storefront's
 * offer editor, ADR 051); the API's modules import it from here.
 */
export * from "../../contract/coating-pricing";
