/** Arabic texts. Several deployments in one console: the switcher, the palette, the login card. */
export const deployments = {
  deployments: {
    switcher: 'تبديل النشر',
    current: 'النشر: {{name}}',
    loggedIn: 'تم تسجيل الدخول',
    loggedOut: 'لم يتم تسجيل الدخول',
    switchTo: 'التبديل إلى النشر {{name}}',
    list: 'عمليات النشر',
    title: '{{name}} · {{title}}',
  },
};
