import base from "@paraphe/eslint-config/base";

export default [...base];
