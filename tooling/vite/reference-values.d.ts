import type { Plugin } from "vite";

export declare const FETCH_REFERENCE_VALUES_VARIABLE: "VITE_DEV_FETCH_REFERENCE_VALUES";
export declare const REFERENCE_VALUES_ENV_KEY: "PARAPHE_REFERENCE_VALUES";
export declare const FETCH_FROM_SERVER: "fetch-from-server";

export declare function fetchAtRunTime(value: string | undefined): boolean;

export declare function readPinnedReferenceValues(file: string): Record<string, string>;

export declare function referenceValuesPlugin(options: { file: string }): Plugin;
