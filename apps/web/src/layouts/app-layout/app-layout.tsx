import { useDocumentTitle, useTranslation } from "@paraphe/i18n/react";
import {
  AppShell,
  DESKTOP_MEDIA_QUERY,
  PageTransition,
  SideNav,
  TooltipProvider,
  useMediaQuery,
} from "@paraphe/ui-kit";
import { type ReactNode } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import { PermissionsProvider } from "../../app/permissions/permissions-provider";
import { LiveNavIndicatorsProvider } from "./nav-indicators";
import { PageMetaProvider, usePageMetaValue } from "../../lib/page-meta";
import { SecurityButton } from "../security-button";
import { AppHeader, BackButton } from "./app-header";
import { LogoMenu } from "./logo-menu";
import { useNavItems } from "./nav-items";
import { useNavCollapsed } from "./use-nav-collapsed";
import { UserMenu } from "./user-menu";

/**
 * The layout of the member pages (spec §2 "Layout and navigation"): collapsible side navigation,
 * header with the page title and the avatar menu, logo menu, drawer and mobile header below 1024 px,
 * pages fading in. Renders `children`, or the matched child route.
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  // One tooltip provider for the member pages: moving from one tooltip to the next shows it at once.
  // The member's permissions are built here, with the pages that use them (after sign-in).
  return (
    <PermissionsProvider>
      <TooltipProvider>
        <PageMetaProvider>
          <LiveNavIndicatorsProvider>
            <AppLayoutFrame>{children ?? <Outlet />}</AppLayoutFrame>
          </LiveNavIndicatorsProvider>
        </PageMetaProvider>
      </TooltipProvider>
    </PermissionsProvider>
  );
}

function AppLayoutFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation(["web", "common"]);
  const { pathname } = useLocation();
  const meta = usePageMetaValue();
  const items = useNavItems(pathname);
  const [collapsed, setCollapsed] = useNavCollapsed();
  const isDesktop = useMediaQuery(DESKTOP_MEDIA_QUERY);

  const sectionTitle = items.find((item) => item.active)?.label;
  const title = meta.title ?? sectionTitle ?? t("common:appName");
  useDocumentTitle(meta.title ?? sectionTitle);

  return (
    <AppShell
      logo={<LogoMenu compact={collapsed && isDesktop} />}
      nav={
        <SideNav
          items={items}
          collapsed={collapsed}
          onCollapsedChange={setCollapsed}
          collapseLabel={t("nav.collapse")}
          expandLabel={t("nav.expand")}
          label={t("nav.label")}
          renderLink={(item, content, className) => (
            <NavLink to={item.href} end={item.href === "/"} className={className}>
              {content}
            </NavLink>
          )}
        />
      }
      header={
        <AppHeader
          title={title}
          meta={meta}
          actions={
            isDesktop ? (
              <>
                <SecurityButton />
                <UserMenu />
              </>
            ) : null
          }
        />
      }
      mobileTitle={title}
      mobileActions={
        isDesktop ? null : (
          <>
            <SecurityButton />
            <UserMenu />
          </>
        )
      }
      menuLabel={t("header.menu")}
      closeMenuLabel={t("header.closeMenu")}
      locationKey={pathname}
      skipToContentLabel={t("common:skipToContent")}
    >
      {meta.back && !isDesktop ? <BackButton back={meta.back} className="-ml-2 mb-2" /> : null}
      <PageTransition transitionKey={pathname}>{children}</PageTransition>
    </AppShell>
  );
}
