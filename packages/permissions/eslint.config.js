import base from "@paraphe/eslint-config/base";
import { importBoundaries } from "@paraphe/eslint-config/boundaries";

export default [...base, ...importBoundaries(import.meta.dirname)];
