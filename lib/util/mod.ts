/**
 * Utilities every layer may use: atomic file writes and hashes, number
 * formatting, and the code version recorded in provenance.
 *
 * @module
 */

export * from "./errors.ts";
export * from "./io.ts";
export * from "./format.ts";
export * from "./version.ts";
export * from "./sources.ts";
