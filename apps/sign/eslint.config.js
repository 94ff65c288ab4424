import base from "@paraphe/eslint-config/base";
import react from "@paraphe/eslint-config/react";
import app from "@paraphe/eslint-config/app";
import { importBoundaries } from "@paraphe/eslint-config/boundaries";

export default [...base, ...react, ...app, ...importBoundaries(import.meta.dirname)];
