/** German texts. Several deployments in one console: the switcher, the palette, the login card. */
export const deployments = {
  deployments: {
    switcher: 'Deployment wechseln',
    current: 'Deployment: {{name}}',
    loggedIn: 'Angemeldet',
    loggedOut: 'Nicht angemeldet',
    switchTo: 'Zu Deployment {{name}} wechseln',
    list: 'Deployments',
    title: '{{name}} · {{title}}',
  },
};
