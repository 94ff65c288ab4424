import base from "@paraphe/eslint-config/base";
import react from "@paraphe/eslint-config/react";
import { importBoundaries } from "@paraphe/eslint-config/boundaries";

export default [...base, ...react, ...importBoundaries(import.meta.dirname)];
