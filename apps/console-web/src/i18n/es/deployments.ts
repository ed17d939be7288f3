/** Spanish texts. Several deployments in one console: the switcher, the palette, the login card. */
export const deployments = {
  deployments: {
    switcher: 'Cambiar de despliegue',
    current: 'Despliegue: {{name}}',
    loggedIn: 'Sesión iniciada',
    loggedOut: 'Sin sesión',
    switchTo: 'Cambiar al despliegue {{name}}',
    list: 'Despliegues',
    title: '{{name}} · {{title}}',
  },
};
