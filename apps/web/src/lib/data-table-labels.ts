import { useTranslation } from "@paraphe/i18n/react";
import { type DataTableLabels } from "@paraphe/ui-kit";
import { useMemo } from "react";

/** The texts of the ui-kit DataTable in the reader's language (common.dataTable). */
export function useDataTableLabels(): DataTableLabels {
  const { t } = useTranslation("common");
  return useMemo(
    () => ({
      columns: t("dataTable.columns"),
      rowsPerPage: t("dataTable.rowsPerPage"),
      previousPage: t("dataTable.previousPage"),
      nextPage: t("dataTable.nextPage"),
      pageStatus: (page, pages) => t("dataTable.pageStatus", { page, pages }),
      export: t("dataTable.export"),
      exportCsv: t("dataTable.exportCsv"),
      exportJson: t("dataTable.exportJson"),
      sortBy: t("dataTable.sortBy"),
      sortNone: t("dataTable.sortNone"),
      sortOption: (column, descending) =>
        descending
          ? t("dataTable.sortDescending", { column })
          : t("dataTable.sortAscending", { column }),
      loading: t("dataTable.loading"),
      empty: t("dataTable.empty"),
      retry: t("actions.retry"),
    }),
    [t],
  );
}
