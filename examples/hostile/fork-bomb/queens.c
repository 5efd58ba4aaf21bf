/* Hostile: no solver. Every process forks, without end: a fork bomb. The
 * machine survives only if something limits how many processes it may
 * have. */
#include <unistd.h>

int main(void) {
    for (;;) {
        fork();
    }
}
