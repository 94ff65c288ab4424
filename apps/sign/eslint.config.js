import base from "@paraphe/eslint-config/base";
import react from "@paraphe/eslint-config/react";
import app from "@paraphe/eslint-config/app";

export default [...base, ...react, ...app];
