import type { PlaywrightTestOptions, PlaywrightWorkerOptions } from "@playwright/test";

export declare const chromiumArgs: string[];
export declare function chromiumExecutable(): string;
export declare function chromiumUse(): Partial<PlaywrightTestOptions & PlaywrightWorkerOptions>;
