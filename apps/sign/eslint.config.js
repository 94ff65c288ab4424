import base from "@paraphe/eslint-config/base";
import react from "@paraphe/eslint-config/react";

export default [...base, ...react];
